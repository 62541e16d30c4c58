-- Step 7: a signature as drawn on the pad, kept as vector strokes (compact JSON: a list of
-- strokes, each a list of [x, y] points, fractions of the pad's width and height); NULL
-- for a typed name or a signed paper sheet received. An amendment keeps the director's.
-- The lock triggers of step 1 refuse every UPDATE of a submitted sheet's signature and of
-- any amendment, so the new columns are covered as they stand; step 6's refuse overwrites.
-- Released: this file never changes; a change to the schema is a new step.

ALTER TABLE signature ADD COLUMN strokes TEXT
    CHECK (strokes IS NULL OR (json_valid(strokes) AND json_type(strokes) = 'array'));
ALTER TABLE amendment ADD COLUMN strokes TEXT
    CHECK (strokes IS NULL OR (json_valid(strokes) AND json_type(strokes) = 'array'));
