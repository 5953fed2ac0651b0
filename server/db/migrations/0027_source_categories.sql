-- The rest of the source categories (spec 3 §2: 'Source icons are chosen by category (about 30 icon types)'); 0012
-- had the first eight. src/domain/source-category.ts lists the same ids and names, and the site map draws an icon
-- for each.
INSERT INTO source_categories (id, name) VALUES
  (9, 'Heater Treater'), (10, 'Combustor'), (11, 'Vapor Recovery Unit'), (12, 'Meter Run'), (13, 'Valve'),
  (14, 'Connector'), (15, 'Pig Launcher'), (16, 'Truck Loadout'), (17, 'Produced Water Tank'), (18, 'Engine'),
  (19, 'Thief Hatch'), (20, 'Pressure Relief Valve'), (21, 'Open-Ended Line'), (22, 'Pneumatic Pump'),
  (23, 'Chemical Injection Pump'), (24, 'Amine Unit'), (25, 'Line Heater'), (26, 'Water Pit'),
  (27, 'Well Completion'), (28, 'Liquids Unloading'), (29, 'Enclosed Building'), (30, 'Other')
ON CONFLICT (id) DO NOTHING;
