-- A refund (退费) may be reversed (冲销) when its money never went out (issue #32, docs/decisions/147,
-- amending 0670): a reversed payment has nothing allocated (docs/decisions/106), a refund too.
ALTER TABLE bill_payment DROP CONSTRAINT IF EXISTS bill_payment_allocated;
ALTER TABLE bill_payment ADD CONSTRAINT bill_payment_allocated CHECK (
  (kind = '1' AND allocated_amount >= 0 AND allocated_amount <= amount)
  OR (kind = '2' AND (allocated_amount = amount OR (status = '4' AND allocated_amount = 0))));
