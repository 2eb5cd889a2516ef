import { useState } from 'react';

/** Main image with thumbnails. Mount it with key={product.id} so a new product starts on its first image. */
export function ProductGallery({ name, images }: { name: string; images: string[] }) {
  const [index, setIndex] = useState(0);
  const current = images[index] ?? images[0];
  return (
    <div className="flex flex-col gap-3">
      <div className="panel overflow-hidden">
        <img src={current} alt={name} width={400} height={500} className="aspect-[4/5] w-full object-cover" fetchPriority="high" />
      </div>
      {images.length > 1 ? (
        <ul className="flex gap-2" aria-label="More images">
          {images.map((image, position) => (
            <li key={image}>
              <button
                type="button"
                onClick={() => setIndex(position)}
                aria-label={`Show image ${position + 1} of ${images.length}`}
                aria-pressed={position === index}
                className={`overflow-hidden rounded-md border-2 ${position === index ? 'border-gold' : 'border-transparent'}`}
              >
                <img src={image} alt="" width={64} height={80} className="h-20 w-16 object-cover" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
