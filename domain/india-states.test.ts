import { describe, expect, it } from 'vitest';
import { indianStates, normalisePin, pinBelongsToState, stateByCode, stateByName, statesForPin } from './india-states.ts';

describe('India’s states and union territories', () => {
  it('lists 28 states and 8 union territories, each with its own two-digit GST code, by name', () => {
    expect(indianStates.filter((state) => state.kind === 'state')).toHaveLength(28);
    expect(indianStates.filter((state) => state.kind === 'union-territory')).toHaveLength(8);
    expect(new Set(indianStates.map((state) => state.code)).size).toBe(36);
    expect(indianStates.every((state) => /^\d{2}$/.test(state.code))).toBe(true);
    const names = indianStates.map((state) => state.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it.each([
    ['29', 'Karnataka'],
    ['27', 'Maharashtra'],
    ['07', 'Delhi'],
    ['36', 'Telangana'],
    ['37', 'Andhra Pradesh'],
    ['26', 'Dadra and Nagar Haveli and Daman and Diu'],
    ['38', 'Ladakh'],
    ['97', null],
    ['25', null],
  ])('GST code %s is %s', (code, name) => {
    expect(stateByCode(code)?.name ?? null).toBe(name);
  });

  it('finds a state by its name whatever the case and spacing, and by a former name', () => {
    expect(stateByName('  karnataka ')?.code).toBe('29');
    expect(stateByName('TAMIL   NADU')?.code).toBe('33');
    expect(stateByName('Orissa')?.name).toBe('Odisha');
    expect(stateByName('Pondicherry')?.name).toBe('Puducherry');
    expect(stateByName('Atlantis')).toBeNull();
  });
});

describe('PIN codes by postal circle', () => {
  it.each([
    ['110001', 'Delhi'],
    ['560001', 'Karnataka'],
    ['411001', 'Maharashtra'],
    ['400001', 'Maharashtra'],
    ['403001', 'Goa'],
    ['600001', 'Tamil Nadu'],
    ['682001', 'Kerala'],
    ['500001', 'Telangana'],
    ['520001', 'Andhra Pradesh'],
    ['700001', 'West Bengal'],
    ['737101', 'Sikkim'],
    ['744101', 'Andaman and Nicobar Islands'],
    ['781001', 'Assam'],
    ['793001', 'Meghalaya'],
    ['797112', 'Nagaland'],
    ['799001', 'Tripura'],
    ['800001', 'Bihar'],
    ['834001', 'Jharkhand'],
    ['492001', 'Chhattisgarh'],
    ['462001', 'Madhya Pradesh'],
    ['302001', 'Rajasthan'],
    ['380001', 'Gujarat'],
    ['248001', 'Uttarakhand'],
    ['226001', 'Uttar Pradesh'],
    ['171001', 'Himachal Pradesh'],
    ['190001', 'Jammu and Kashmir'],
    ['194101', 'Ladakh'],
    ['160017', 'Chandigarh'],
    ['141001', 'Punjab'],
    ['122001', 'Haryana'],
    ['751001', 'Odisha'],
    ['795001', 'Manipur'],
    ['796001', 'Mizoram'],
    ['791111', 'Arunachal Pradesh'],
    ['605001', 'Puducherry'],
    ['682555', 'Lakshadweep'],
    ['396230', 'Dadra and Nagar Haveli and Daman and Diu'],
  ])('%s is in %s', (pin, name) => {
    const state = stateByName(name)!;
    expect(pinBelongsToState(pin, state.code)).toBe(true);
    expect(statesForPin(pin).map((candidate) => candidate.name)).toContain(name);
  });

  it('every state and territory has PIN codes', () => {
    const reachable = new Set<string>();
    for (let prefix = 100; prefix <= 999; prefix += 1) {
      for (const state of statesForPin(`${prefix}001`)) reachable.add(state.code);
    }
    expect([...reachable].sort()).toEqual(indianStates.map((state) => state.code).sort());
  });

  it('refuses a PIN of another state', () => {
    expect(pinBelongsToState('411001', '29')).toBe(false);
    expect(pinBelongsToState('560001', '27')).toBe(false);
    // Goa's sorting district is not Maharashtra's, though Maharashtra's circle serves it.
    expect(pinBelongsToState('403001', '27')).toBe(false);
  });

  it('accepts both states where one sorting district spans a border', () => {
    expect(statesForPin('160062').map((state) => state.name)).toEqual(['Chandigarh', 'Punjab']);
  });

  it('knows no state for the Army Postal Service or a PIN that is not six digits', () => {
    expect(statesForPin('990001')).toEqual([]);
    expect(statesForPin('56001')).toEqual([]);
    expect(statesForPin('056001')).toEqual([]);
    expect(normalisePin('560 001')).toBe('560001');
    expect(normalisePin('560-001')).toBe('560001');
    expect(normalisePin('5600011')).toBeNull();
  });
});
