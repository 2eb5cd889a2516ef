/**
 * India's 28 states and 8 union territories with their GST state codes (the first two digits of a GSTIN and
 * the code a tax invoice prints beside the place of supply), and which of them a PIN code can belong to.
 *
 * PIN codes are matched by India Post's postal circles: the first two digits name a circle, and a few
 * three-digit sorting districts belong to a smaller state or territory served by a neighbour's circle (Goa by
 * Maharashtra's, Sikkim by West Bengal's). Where one sorting district spans a border (Mohali and Chandigarh
 * under 160, Karaikal and Tamil Nadu under 609) both are accepted, so a real address is never refused; the
 * mapping cannot tell apart places the post office itself sorts together. docs/decisions/0022.
 */

export type IndianStateKind = 'state' | 'union-territory';

export interface IndianState {
  /** GST state code, two digits ('29' Karnataka). */
  readonly code: string;
  readonly name: string;
  readonly kind: IndianStateKind;
}

const STATES = [
  ['01', 'Jammu and Kashmir', 'union-territory'],
  ['02', 'Himachal Pradesh', 'state'],
  ['03', 'Punjab', 'state'],
  ['04', 'Chandigarh', 'union-territory'],
  ['05', 'Uttarakhand', 'state'],
  ['06', 'Haryana', 'state'],
  ['07', 'Delhi', 'union-territory'],
  ['08', 'Rajasthan', 'state'],
  ['09', 'Uttar Pradesh', 'state'],
  ['10', 'Bihar', 'state'],
  ['11', 'Sikkim', 'state'],
  ['12', 'Arunachal Pradesh', 'state'],
  ['13', 'Nagaland', 'state'],
  ['14', 'Manipur', 'state'],
  ['15', 'Mizoram', 'state'],
  ['16', 'Tripura', 'state'],
  ['17', 'Meghalaya', 'state'],
  ['18', 'Assam', 'state'],
  ['19', 'West Bengal', 'state'],
  ['20', 'Jharkhand', 'state'],
  ['21', 'Odisha', 'state'],
  ['22', 'Chhattisgarh', 'state'],
  ['23', 'Madhya Pradesh', 'state'],
  ['24', 'Gujarat', 'state'],
  // 25 was Daman and Diu until it merged with Dadra and Nagar Haveli in 2020.
  ['26', 'Dadra and Nagar Haveli and Daman and Diu', 'union-territory'],
  ['27', 'Maharashtra', 'state'],
  ['29', 'Karnataka', 'state'],
  ['30', 'Goa', 'state'],
  ['31', 'Lakshadweep', 'union-territory'],
  ['32', 'Kerala', 'state'],
  ['33', 'Tamil Nadu', 'state'],
  ['34', 'Puducherry', 'union-territory'],
  ['35', 'Andaman and Nicobar Islands', 'union-territory'],
  ['36', 'Telangana', 'state'],
  ['37', 'Andhra Pradesh', 'state'],
  ['38', 'Ladakh', 'union-territory'],
] as const satisfies readonly (readonly [string, string, IndianStateKind])[];

/** Every state and union territory, in alphabetical order of name (the order a checkout lists them). */
export const indianStates: readonly IndianState[] = STATES.map(([code, name, kind]) => ({ code, name, kind })).sort((a, b) =>
  a.name.localeCompare(b.name, 'en'),
);

const byCode = new Map(indianStates.map((state) => [state.code, state]));
const byName = new Map(indianStates.map((state) => [normalise(state.name), state]));
// Former and everyday names that addresses written before the list existed still carry.
const FORMER_NAMES: Record<string, string> = {
  orissa: '21',
  pondicherry: '34',
  uttaranchal: '05',
  'nct of delhi': '07',
  'new delhi': '07',
  'daman and diu': '26',
  'dadra and nagar haveli': '26',
  'andaman and nicobar': '35',
  'jammu & kashmir': '01',
};

function normalise(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The state with this two-digit GST code, or null. */
export function stateByCode(code: string): IndianState | null {
  return byCode.get(code.trim()) ?? null;
}

/** The state of this name, case and spacing ignored; also the few former names ('Orissa'); null otherwise. */
export function stateByName(name: string): IndianState | null {
  const key = normalise(name);
  const former = FORMER_NAMES[key];
  return byName.get(key) ?? (former ? byCode.get(former) ?? null : null);
}

/**
 * India Post's circles by the first two digits of a PIN, and the three-digit sorting districts that belong to
 * another state or territory too (or instead). The longest matching prefix decides.
 */
const PIN_PREFIXES: Record<string, readonly string[]> = {
  '11': ['07'],
  '12': ['06'],
  '13': ['06'],
  '14': ['03'],
  '15': ['03'],
  '16': ['03'],
  '160': ['04', '03'],
  '17': ['02'],
  '18': ['01'],
  '19': ['01'],
  '194': ['38', '01'],
  '20': ['09'],
  '21': ['09'],
  '22': ['09'],
  '23': ['09'],
  '24': ['09', '05'],
  '25': ['09'],
  '26': ['09', '05'],
  '27': ['09'],
  '28': ['09'],
  '30': ['08'],
  '31': ['08'],
  '32': ['08'],
  '33': ['08'],
  '34': ['08'],
  '36': ['24'],
  '362': ['24', '26'],
  '37': ['24'],
  '38': ['24'],
  '39': ['24'],
  '396': ['24', '26'],
  '40': ['27'],
  '403': ['30'],
  '41': ['27'],
  '42': ['27'],
  '43': ['27'],
  '44': ['27'],
  '45': ['23'],
  '46': ['23'],
  '47': ['23'],
  '48': ['23'],
  '49': ['22'],
  '50': ['36'],
  // Seven mandals of Khammam moved to Andhra Pradesh in 2014 and kept their PIN codes.
  '507': ['36', '37'],
  '51': ['37'],
  '52': ['37'],
  '53': ['37'],
  '533': ['37', '34'],
  '56': ['29'],
  '57': ['29'],
  '58': ['29'],
  '59': ['29'],
  '60': ['33'],
  '605': ['33', '34'],
  '607': ['33', '34'],
  '609': ['33', '34'],
  '61': ['33'],
  '62': ['33'],
  '63': ['33'],
  '64': ['33'],
  '67': ['32'],
  '673': ['32', '34'],
  '68': ['32'],
  '682': ['32', '31'],
  '69': ['32'],
  '70': ['19'],
  '71': ['19'],
  '72': ['19'],
  '73': ['19'],
  '737': ['11'],
  '74': ['19'],
  '744': ['35'],
  '75': ['21'],
  '76': ['21'],
  '77': ['21'],
  '78': ['18'],
  '790': ['12'],
  '791': ['12'],
  '792': ['12'],
  '793': ['17'],
  '794': ['17'],
  '795': ['14'],
  '796': ['15'],
  '797': ['13'],
  '798': ['13'],
  '799': ['16'],
  '80': ['10'],
  '81': ['10', '20'],
  '82': ['10', '20'],
  '83': ['20'],
  '84': ['10'],
  '85': ['10'],
};

const PIN = /^[1-9]\d{5}$/;

/** A PIN code as six digits ('560 001' → '560001'), or null when it is not six digits. */
export function normalisePin(pin: string): string | null {
  const digits = pin.replace(/[\s-]/g, '');
  return PIN.test(digits) ? digits : null;
}

/**
 * The states and union territories a PIN code can belong to: one for almost every PIN, two where a sorting
 * district spans a border, none for a PIN outside every circle (the Army Postal Service's 9xxxxx) or not six digits.
 */
export function statesForPin(pin: string): readonly IndianState[] {
  const digits = normalisePin(pin);
  if (!digits) return [];
  const codes = PIN_PREFIXES[digits.slice(0, 3)] ?? PIN_PREFIXES[digits.slice(0, 2)] ?? [];
  return codes.map((code) => byCode.get(code)!);
}

/** Whether a PIN code can belong to the state with this GST code. */
export function pinBelongsToState(pin: string, stateCode: string): boolean {
  return statesForPin(pin).some((state) => state.code === stateCode);
}
