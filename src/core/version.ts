/** RADAR's version, as in package.json (kept in step by a unit test). */
export const RADAR_VERSION = "0.1.0";
