-- A product sheet has one coefficient per group of lines (docs/decisions/0003-money.md): metal lines;
-- stones (stone, melee and other lines: what is bought and resold); labour lines. A new sheet starts from the
-- organization's settings (coefficientMetal, coefficientStones, coefficientLabour). Existing sheets keep their
-- sale price: the three take the value of the single coefficient they had, which then goes.
ALTER TABLE products
  ADD COLUMN coefficient_metal numeric(8, 3),
  ADD COLUMN coefficient_stones numeric(8, 3),
  ADD COLUMN coefficient_labour numeric(8, 3);

UPDATE products SET coefficient_metal = coefficient, coefficient_stones = coefficient, coefficient_labour = coefficient;

ALTER TABLE products
  ALTER COLUMN coefficient_metal SET NOT NULL,
  ALTER COLUMN coefficient_stones SET NOT NULL,
  ALTER COLUMN coefficient_labour SET NOT NULL,
  ADD CONSTRAINT products_coefficients_positive
    CHECK (coefficient_metal > 0 AND coefficient_stones > 0 AND coefficient_labour > 0),
  DROP COLUMN coefficient;
