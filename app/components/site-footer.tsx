import { brand } from '../brand.ts';

export function SiteFooter() {
  return (
    <footer className="border-t border-shadow bg-night/80">
      <div className="mx-auto flex max-w-7xl flex-col items-center gap-2 px-4 py-8 text-center text-sm text-ash sm:px-6">
        <p className="font-display tracking-[0.2em] text-gold">{brand.name.toUpperCase()}</p>
        <p>{brand.tagline}</p>
        <p>
          © {new Date().getFullYear()} {brand.name}. Prices in Indian rupees, shipping free across India.
        </p>
      </div>
    </footer>
  );
}
