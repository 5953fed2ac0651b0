-- Device uptime (spec 2 §4 'Uptime rules') asks, per 6-hour period, whether a device sent any CH4 reading. Each day
-- chunk carries a 4-bit mask of its 6-hour periods that hold samples, kept by every write, so uptime over 90 days
-- reads masks instead of decoding samples. Existing rows get the mask from their first and last sample times.
ALTER TABLE measurement_chunks ADD COLUMN period_mask smallint NOT NULL DEFAULT 0;
UPDATE measurement_chunks SET period_mask =
  (CASE WHEN sample_count > 0 AND first_time < chunk_start + interval '6 hours' THEN 1 ELSE 0 END) |
  (CASE WHEN sample_count > 0 AND first_time < chunk_start + interval '12 hours' AND last_time >= chunk_start + interval '6 hours' THEN 2 ELSE 0 END) |
  (CASE WHEN sample_count > 0 AND first_time < chunk_start + interval '18 hours' AND last_time >= chunk_start + interval '12 hours' THEN 4 ELSE 0 END) |
  (CASE WHEN sample_count > 0 AND last_time >= chunk_start + interval '18 hours' THEN 8 ELSE 0 END);
