-- Localization per source and step (issue 22 item 4): each source's own localization probability in the step (the BIC
-- weight of the subsets that hold it), so an emission's runner-up sources can be read over its steps. Null for
-- unobservable steps and for rows written before this migration. The bounds themselves are in 0020 already.
ALTER TABLE source_rates ADD COLUMN probability double precision;
