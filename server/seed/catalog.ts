// Real producing basins and the classification values sites are labelled with.
export interface Basin {
  name: string;
  country: 'United States' | 'Canada';
  stateProvince: string;
  lat: number;
  lng: number;
  /** Spread of pads around the centre, in degrees. */
  spread: number;
}

export const BASINS: readonly Basin[] = [
  { name: 'Permian - Delaware', country: 'United States', stateProvince: 'Texas', lat: 31.6, lng: -103.7, spread: 0.5 },
  { name: 'Permian - Midland', country: 'United States', stateProvince: 'Texas', lat: 31.9, lng: -101.9, spread: 0.5 },
  { name: 'Eagle Ford', country: 'United States', stateProvince: 'Texas', lat: 28.6, lng: -98.3, spread: 0.6 },
  { name: 'Haynesville', country: 'United States', stateProvince: 'Louisiana', lat: 32.3, lng: -93.7, spread: 0.4 },
  { name: 'Marcellus', country: 'United States', stateProvince: 'Pennsylvania', lat: 41.6, lng: -76.4, spread: 0.5 },
  { name: 'Utica', country: 'United States', stateProvince: 'Ohio', lat: 40.2, lng: -81.2, spread: 0.4 },
  { name: 'Bakken', country: 'United States', stateProvince: 'North Dakota', lat: 47.9, lng: -103.3, spread: 0.5 },
  {
    name: 'Denver-Julesburg',
    country: 'United States',
    stateProvince: 'Colorado',
    lat: 40.3,
    lng: -104.6,
    spread: 0.35,
  },
  { name: 'Anadarko', country: 'United States', stateProvince: 'Oklahoma', lat: 35.6, lng: -98.3, spread: 0.5 },
  { name: 'San Juan', country: 'United States', stateProvince: 'New Mexico', lat: 36.7, lng: -107.8, spread: 0.35 },
  { name: 'Uinta', country: 'United States', stateProvince: 'Utah', lat: 40.1, lng: -109.8, spread: 0.3 },
  { name: 'Montney', country: 'Canada', stateProvince: 'British Columbia', lat: 56.2, lng: -120.6, spread: 0.5 },
  { name: 'Duvernay', country: 'Canada', stateProvince: 'Alberta', lat: 54.4, lng: -116.6, spread: 0.5 },
];

export const REGULATIONS: Record<Basin['country'], string[]> = {
  'United States': ['EPA OOOOb', 'EPA OOOOa', 'State LDAR Program'],
  Canada: ['AER Directive 060', 'BC Drilling and Production Regulation', 'Federal Methane Regulations'],
};
export const REGULATORY_SITE_TYPES = ['Well Site', 'Compressor Station', 'Gas Processing Plant', 'Storage Facility'];
export const GENERIC_SITE_TYPES = [
  'Well Pad',
  'Compressor Station',
  'Gas Plant',
  'Tank Battery',
  'Central Delivery Point',
];
export const INDUSTRY_SEGMENTS = ['Production', 'Gathering and Boosting', 'Processing', 'Transmission'];
export const FLUID_TYPES = ['Oil', 'Gas', 'Condensate'];

export const ORGANIZATION_NAMES = [
  'Red Mesa Energy',
  'Northern Lights Resources',
  'Blue Creek Midstream',
  'Prairie Sky Petroleum',
  'Granite Ridge Operating',
  'Cedar Basin Gas',
  'Ironwood Exploration',
  'Silver Sage Production',
];
export const BUSINESS_UNITS = ['North Operations', 'South Operations', 'Midstream', 'Unconventional'];
export const ASSET_AREAS = ['Area A', 'Area B', 'Area C', 'Core', 'Outer'];
export const SITE_GROUP_NAMES = [
  'Priority Pads',
  'OOOOb Scope',
  'Quarterly LDAR',
  'High Producers',
  'New Wells 2026',
  'Compression',
  'Remote Sites',
  'Pilot Program',
  'Tank Batteries',
  'Night Crew',
];
export const SITE_PREFIXES = ['Pad', 'Battery', 'Station', 'Unit', 'Well'];
export const SITE_WORDS = [
  'Coyote',
  'Mesa',
  'Juniper',
  'Falcon',
  'Badger',
  'Sandhill',
  'Willow',
  'Antelope',
  'Bison',
  'Cottonwood',
  'Raven',
  'Prairie',
  'Sage',
  'Ridge',
  'Eagle',
  'Hawk',
  'Lynx',
  'Thunder',
  'Pinon',
  'Yucca',
];
