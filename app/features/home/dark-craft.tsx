import { Link } from '../../lib/link.tsx';

const pillars = [
  {
    title: 'Blended by the moon',
    text: 'Each batch begins on a waxing moon and rests in amber glass for a full cycle before it is bottled.',
  },
  {
    title: 'Small batches, by hand',
    text: 'No more than two hundred bottles a batch, weighed, poured and labelled by the two of us and our small studio.',
  },
  {
    title: 'Honest ingredients',
    text: 'Attars from Kannauj, sandalwood from licensed Indian growers, and no animal testing, ever.',
  },
];

export function DarkCraft() {
  return (
    <section aria-labelledby="dark-craft-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <div className="grid gap-10 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] md:items-center">
        <div className="flex flex-col gap-5">
          <p className="eyebrow">How a potion is made</p>
          <h2 id="dark-craft-heading" className="text-3xl text-gold-bright sm:text-4xl">
            Our Dark Craft
          </h2>
          <p className="text-ash">
            Perfume was the first magic: smoke carried prayers upward, oils marked the brave and the beloved. We make
            ours the old, slow way, in a candle-lit studio in Bengaluru, so every bottle carries a little of that
            intent.
          </p>
          <div>
            <Link to="/about" className="btn-ghost">
              LEARN MORE
            </Link>
          </div>
        </div>
        <ul className="grid gap-4 sm:grid-cols-3 md:grid-cols-1 lg:grid-cols-3">
          {pillars.map((pillar) => (
            <li key={pillar.title} className="panel p-5">
              <h3 className="text-base text-gold-bright">{pillar.title}</h3>
              <p className="mt-2 text-sm text-ash">{pillar.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
