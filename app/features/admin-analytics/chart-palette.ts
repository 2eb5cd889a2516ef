/** The analytics charts' colours and heights, kept apart from the charts so pages read them without loading recharts. */
export const GOLD = '#d9b45a';
export const ORCHID = '#c4a5f5';
export const AMETHYST = '#7c3aed';
export const ASH = '#b3a6c6';
export const SHADOW = '#2a1a3d';
export const CATEGORY_COLOURS = [GOLD, AMETHYST, ORCHID, '#f0a35e'];

/** Each chart's height in pixels when its page does not give one; its space is held at this height while it loads. */
export const CHART_HEIGHTS = { revenueTrend: 260, customerGrowth: 240, category: 220, productBars: 240 } as const;
