// The states of the wildfire lake: name, USPS code, geographic area (GACC-like region), and the
// rough size of their fire seasons (fires per year, acres per fire, share of fires started by people).

export interface FireState {
  name: string;
  code: string;
  region: string;
  fires: number;
  acresPerFire: number;
  humanShare: number;
}

// prettier-ignore
export const FIRE_STATES: readonly FireState[] = ([
  ["Alabama", "AL", "Southern Area", 2400, 18, 0.97], ["Alaska", "AK", "Alaska", 450, 2600, 0.55],
  ["Arizona", "AZ", "Southwest", 2100, 130, 0.6], ["Arkansas", "AR", "Southern Area", 1400, 17, 0.97],
  ["California", "CA", "California", 8200, 190, 0.9], ["Colorado", "CO", "Rocky Mountain", 1200, 110, 0.7],
  ["Connecticut", "CT", "Eastern Area", 180, 4, 0.99], ["Delaware", "DE", "Eastern Area", 40, 6, 0.99],
  ["Florida", "FL", "Southern Area", 3100, 55, 0.88], ["Georgia", "GA", "Southern Area", 3200, 12, 0.97],
  ["Hawaii", "HI", "California", 150, 120, 0.99], ["Idaho", "ID", "Great Basin", 1300, 380, 0.45],
  ["Illinois", "IL", "Eastern Area", 180, 12, 0.99], ["Indiana", "IN", "Eastern Area", 220, 10, 0.99],
  ["Iowa", "IA", "Eastern Area", 260, 14, 0.99], ["Kansas", "KS", "Rocky Mountain", 1900, 90, 0.95],
  ["Kentucky", "KY", "Southern Area", 1300, 30, 0.99], ["Louisiana", "LA", "Southern Area", 1200, 20, 0.98],
  ["Maine", "ME", "Eastern Area", 600, 3, 0.97], ["Maryland", "MD", "Eastern Area", 300, 8, 0.99],
  ["Massachusetts", "MA", "Eastern Area", 1100, 2, 0.99], ["Michigan", "MI", "Eastern Area", 450, 9, 0.97],
  ["Minnesota", "MN", "Eastern Area", 1500, 30, 0.96], ["Mississippi", "MS", "Southern Area", 2200, 20, 0.98],
  ["Missouri", "MO", "Eastern Area", 2000, 25, 0.99], ["Montana", "MT", "Northern Rockies", 2200, 240, 0.5],
  ["Nebraska", "NE", "Rocky Mountain", 900, 120, 0.85], ["Nevada", "NV", "Great Basin", 700, 600, 0.55],
  ["New Hampshire", "NH", "Eastern Area", 350, 2, 0.98], ["New Jersey", "NJ", "Eastern Area", 1000, 9, 0.99],
  ["New Mexico", "NM", "Southwest", 1000, 260, 0.55], ["New York", "NY", "Eastern Area", 200, 8, 0.98],
  ["North Carolina", "NC", "Southern Area", 4000, 13, 0.98], ["North Dakota", "ND", "Northern Rockies", 900, 70, 0.9],
  ["Ohio", "OH", "Eastern Area", 700, 5, 0.99], ["Oklahoma", "OK", "Southern Area", 2800, 90, 0.95],
  ["Oregon", "OR", "Northwest", 2100, 260, 0.6], ["Pennsylvania", "PA", "Eastern Area", 900, 6, 0.99],
  ["Rhode Island", "RI", "Eastern Area", 80, 2, 0.99], ["South Carolina", "SC", "Southern Area", 2200, 10, 0.98],
  ["South Dakota", "SD", "Rocky Mountain", 700, 110, 0.75], ["Tennessee", "TN", "Southern Area", 1200, 20, 0.98],
  ["Texas", "TX", "Southern Area", 9500, 70, 0.93], ["Utah", "UT", "Great Basin", 1100, 150, 0.65],
  ["Vermont", "VT", "Eastern Area", 100, 2, 0.99], ["Virginia", "VA", "Southern Area", 900, 12, 0.98],
  ["Washington", "WA", "Northwest", 1800, 220, 0.7], ["West Virginia", "WV", "Eastern Area", 800, 25, 0.99],
  ["Wisconsin", "WI", "Eastern Area", 900, 4, 0.98], ["Wyoming", "WY", "Rocky Mountain", 600, 250, 0.55],
] as const).map(([name, code, region, fires, acresPerFire, humanShare]) => ({ name, code, region, fires, acresPerFire, humanShare }));

export const REGIONS: readonly string[] = [...new Set(FIRE_STATES.map((s) => s.region))].sort();

/** Share of a region's fires in each month (Jan … Dec); zeros are months with no fires at all. */
export const REGION_MONTHS: Record<string, number[]> = {
  Alaska: [0, 0, 0, 0.04, 0.16, 0.35, 0.3, 0.12, 0.03, 0, 0, 0],
  California: [0.02, 0.02, 0.03, 0.05, 0.08, 0.13, 0.17, 0.16, 0.13, 0.11, 0.06, 0.04],
  "Eastern Area": [0.04, 0.08, 0.22, 0.26, 0.12, 0.05, 0.04, 0.04, 0.04, 0.05, 0.04, 0.02],
  "Great Basin": [0.005, 0.005, 0.02, 0.04, 0.07, 0.17, 0.3, 0.24, 0.1, 0.035, 0.01, 0.005],
  "Northern Rockies": [0.01, 0.01, 0.04, 0.08, 0.06, 0.08, 0.25, 0.28, 0.13, 0.05, 0.01, 0],
  Northwest: [0, 0.005, 0.015, 0.04, 0.06, 0.13, 0.3, 0.3, 0.11, 0.035, 0.005, 0],
  "Rocky Mountain": [0.04, 0.06, 0.14, 0.14, 0.08, 0.1, 0.15, 0.11, 0.07, 0.05, 0.04, 0.02],
  "Southern Area": [0.11, 0.15, 0.17, 0.1, 0.06, 0.06, 0.07, 0.07, 0.05, 0.05, 0.06, 0.05],
  Southwest: [0.02, 0.03, 0.07, 0.12, 0.2, 0.26, 0.16, 0.06, 0.03, 0.02, 0.02, 0.01],
};

export function stateByCode(code: string): FireState {
  const s = FIRE_STATES.find((x) => x.code === code);
  if (!s) throw new Error(`unknown state code ${code}`);
  return s;
}
