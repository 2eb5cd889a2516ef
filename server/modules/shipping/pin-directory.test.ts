import { describe, expect, it } from 'vitest';
import { parsePinDirectory } from './pin-directory.ts';

const line = (pin: string, place: string, state: string, district: string) => ['IN', pin, place, state, '00', district, '000', 'Sub', '', '0', '0', '1'].join('\t');

describe('parsePinDirectory', () => {
  it('keeps one place per PIN, named as the shop names states', () => {
    const directory = parsePinDirectory(
      [
        line('560038', 'Indiranagar (Bangalore)', 'Karnataka', 'Bengaluru'),
        line('744101', 'Port Blair H.O', 'Andaman & Nicobar Islands', 'South Andaman'),
        line('492001', 'Raipur H.O', 'Chattisgarh', 'Raipur'),
        line('605001', 'Pondicherry H.O', 'Pondicherry', 'Pondicherry'),
        line('194101', 'Leh', 'Jammu & Kashmir', 'Leh'),
        line('190001', 'Lal Chowk', 'Jammu & Kashmir', 'Srinagar'),
        '',
        'a line that is not one',
      ].join('\n'),
    );
    expect(directory.get('560038')).toEqual({ city: 'Bengaluru', district: 'Bengaluru', state: 'Karnataka' });
    expect(directory.get('744101')?.state).toBe('Andaman and Nicobar Islands');
    expect(directory.get('492001')?.state).toBe('Chhattisgarh');
    expect(directory.get('605001')?.state).toBe('Puducherry');
    expect(directory.get('194101')?.state).toBe('Ladakh');
    expect(directory.get('190001')?.state).toBe('Jammu and Kashmir');
    expect(directory.size).toBe(6);
  });

  it('a PIN whose post offices lie in two states belongs where most of them are', () => {
    const directory = parsePinDirectory(
      [line('160003', 'A', 'Punjab', 'Mohali'), line('160003', 'B', 'Chandigarh', 'Chandigarh'), line('160003', 'C', 'Chandigarh', 'Chandigarh')].join('\n'),
    );
    expect(directory.get('160003')).toEqual({ city: 'Chandigarh', district: 'Chandigarh', state: 'Chandigarh' });
  });
});
