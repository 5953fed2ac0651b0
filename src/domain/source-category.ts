// Source categories (spec 3 §3 'Source category option', §2 'Source icons are chosen by category (about 30 icon
// types)'): the ids and names the source_categories table holds (migrations 0012 and 0027), so the map's icon atlas
// can be checked against every category without a database. A source without a category is 'Uncategorized'.
export const SOURCE_CATEGORIES = [
  { id: 1, name: 'Wellhead' },
  { id: 2, name: 'Tank' },
  { id: 3, name: 'Separator' },
  { id: 4, name: 'Compressor' },
  { id: 5, name: 'Pneumatic Device' },
  { id: 6, name: 'Flare' },
  { id: 7, name: 'Dehydrator' },
  { id: 8, name: 'Pipeline' },
  { id: 9, name: 'Heater Treater' },
  { id: 10, name: 'Combustor' },
  { id: 11, name: 'Vapor Recovery Unit' },
  { id: 12, name: 'Meter Run' },
  { id: 13, name: 'Valve' },
  { id: 14, name: 'Connector' },
  { id: 15, name: 'Pig Launcher' },
  { id: 16, name: 'Truck Loadout' },
  { id: 17, name: 'Produced Water Tank' },
  { id: 18, name: 'Engine' },
  { id: 19, name: 'Thief Hatch' },
  { id: 20, name: 'Pressure Relief Valve' },
  { id: 21, name: 'Open-Ended Line' },
  { id: 22, name: 'Pneumatic Pump' },
  { id: 23, name: 'Chemical Injection Pump' },
  { id: 24, name: 'Amine Unit' },
  { id: 25, name: 'Line Heater' },
  { id: 26, name: 'Water Pit' },
  { id: 27, name: 'Well Completion' },
  { id: 28, name: 'Liquids Unloading' },
  { id: 29, name: 'Enclosed Building' },
  { id: 30, name: 'Other' },
] as const;

export type SourceCategoryId = (typeof SOURCE_CATEGORIES)[number]['id'];
export const UNCATEGORIZED_SOURCE = 'Uncategorized';
