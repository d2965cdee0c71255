// The books' rules, read from the database (issue #32 items 1 and 6): every broken one named, none
// when the books agree. Shared by the random sequences (bills-property) and the sign-up races
// (activity-bills). `prefix` keeps the per-record rules to the test's own students and payers.
//  - per payer, the open amount of the live bills equals the open amount of the live receivables,
//    and equals what was billed less what the live payments (refunds too) paid, exactly in numeric;
//  - every live bill is owed by someone: a payer and a live receivable of that payer and period;
//  - a bill's paid amount is what the live payments allocated to it; a payment's allocated amount
//    is its allocations (0 once reversed);
//  - right after a student's payer changed (`payerChanged`), the student's open bills are owed by
//    the new payer;
//  - at most one live receipt per payment;
//  - a voided payment (作废, docs/decisions/156) is out of the totals and never held an allocation
//    nor a receipt;
//  - sign-ups (docs/decisions/138): a live confirmed sign-up of an activity with a fee has a live
//    activity bill of its fee; a cancelled one's activity bill is voided, or (待退费, 148) live with
//    what was paid and nothing open; a live refund paid back exactly what its bill's payments had
//    paid, and was receipted (a receipt may be voided and reissued later, as any payment's; a
//    reversed refund, 147, no longer counts); no activity holds more live sign-ups than places;
//  - instalments (docs/decisions/159): a bill's instalments sum to its payable, each running sum is
//    right, none is negative; a bill's late fee lines are what its day rows of bill_late_fee charged.
export type RowsOf = <T>(text: string) => Promise<T[]>;

/**
 * Every broken rule, one line each; none when the books agree. One statement (a `union all` of the
 * rules, each answering its lines of text), as the random sequences check after every step.
 */
export async function booksProblems(rows: RowsOf, prefix: string, payerChanged?: string): Promise<string[]> {
  const rules = [
    // Per payer: the live bills' open amount, the live receivables' and what was billed less paid.
    `with b as (
      select payer_type || ':' || coalesce(payer_id, '') as payer, sum(payable - paid_amount) as open,
             sum(payable) - coalesce(sum((select sum(a.amount) from bill_payment_allocation a join bill_payment p on p.id = a.payment_id
                                          where a.bill_id = bill_bill.id and p.status <> '4')), 0) as billed_less_paid
      from bill_bill where tenant_id = 1 and status <> '4' group by 1),
    r as (
      select payer_type || ':' || payer_id as payer, sum(total_amount - received_amount) as open
      from bill_receivable where tenant_id = 1 and status <> '4' group by 1)
    select concat('payer ', coalesce(b.payer, r.payer), ': bills open ', coalesce(b.open, 0), ', receivables open ', coalesce(r.open, 0),
                  ', billed − paid ', coalesce(b.billed_less_paid, 0))
    from b full join r on r.payer = b.payer
    where coalesce(b.open, 0) <> coalesce(r.open, 0) or coalesce(b.open, 0) <> coalesce(b.billed_less_paid, 0)`,
    `select concat('bill ', b.bill_no, ' is owed by nobody') from bill_bill b left join bill_receivable r on r.id = b.receivable_id
    where b.student_id like '${prefix}%' and b.status <> '4'
      and (b.payer_id is null or r.id is null or r.payer_type <> b.payer_type or r.payer_id <> b.payer_id or r.period <> b.school_year || '-' || b.term or r.status = '4')`,
    `select concat('bill ', b.bill_no, ': paid amount is not its live allocations') from bill_bill b
    where b.student_id like '${prefix}%' and b.paid_amount <> coalesce((select sum(a.amount) from bill_payment_allocation a join bill_payment p on p.id = a.payment_id
                                                                  where a.bill_id = b.id and p.status <> '4'), 0)`,
    `select concat('payment ', p.payment_no, ': allocated amount is not its allocations') from bill_payment p
    where p.payer_id like '${prefix}%' and p.allocated_amount <> case when p.status = '4' then 0 else coalesce((select sum(a.amount) from bill_payment_allocation a where a.payment_id = p.id), 0) end`,
    `select concat('open bill ', b.bill_no, ' is not owed by its student''s payer') from bill_bill b join school_student s on s.id = b.student_id
    where b.student_id = '${payerChanged ?? ""}' and b.status in ('1', '2')
      and (b.payer_type, b.payer_id) is distinct from (
        case when nullif(s.corp_id, '') is not null then '2' else '1' end,
        coalesce(nullif(s.corp_id, ''), (select sp.parent_id from school_student_parent sp where sp.student_id = s.id and sp.is_payer limit 1)))`,
    `select concat('payment ', payment_id, ' has two live receipts') from bill_receipt where status = '1' group by payment_id having count(*) > 1`,
    `select concat('voided payment ', p.payment_no, ' is live, or held an allocation or a receipt') from bill_payment p
    where p.payer_id like '${prefix}%' and p.void_reason is not null
      and (p.status <> '4' or p.allocated_amount <> 0 or exists (select 1 from bill_payment_allocation a where a.payment_id = p.id)
           or exists (select 1 from bill_receipt r where r.payment_id = p.id))`,
    `select concat('sign-up ', id, ': ', problem) from (select s.id, case
        when s.status = '2' and a.fee > 0 and (b.id is null or b.kind <> '2' or b.status = '4') then 'confirmed without its live activity bill'
        when s.status = '3' and b.kind = '2' and b.status <> '4' and s.refund_payment_id is not null then 'refunded but its bill is live'
        when s.status = '3' and b.kind = '2' and b.status <> '4' and b.paid_amount = 0 then 'cancelled but its unpaid bill is live'
        when s.status = '3' and b.kind = '2' and b.status <> '4' and b.payable <> b.paid_amount then 'cancelled but its bill still owes'
        when s.refund_payment_id is not null and (select p.status from bill_payment p where p.id = s.refund_payment_id) = '4' then 'names a reversed refund'
      end as problem
    from act_signup s join act_activity a on a.id = s.activity_id left join bill_bill b on b.id = s.bill_id
    where s.student_id like '${prefix}%') as signup where problem is not null`,
    `select concat('refund ', payment_no, ' ', problem) from (select p.payment_no, case
        when p.amount <> -(select coalesce(sum(a2.amount), 0) from bill_payment_allocation a2 join bill_payment q on q.id = a2.payment_id
                           where a2.bill_id = a.bill_id and q.kind = '1' and q.status <> '4') then 'does not pay back what its bill was paid'
        when not exists (select 1 from bill_receipt r where r.payment_id = p.id and r.amount = p.amount) then 'was never receipted'
        when (select status from bill_bill where id = a.bill_id) <> '4' then 'its bill is live'
      end as problem
    from bill_payment p join bill_payment_allocation a on a.payment_id = p.id
    where p.kind = '2' and p.status <> '4' and p.payer_id like '${prefix}%') as refund where problem is not null`,
    `select concat('activity ', a.title, ' holds more sign-ups than places') from act_activity a
    where (select count(*) from act_signup s where s.activity_id = a.id and s.status in ('1', '2')) > a.capacity`,
    // 候补 (docs/decisions/162): nobody waits while a place is free.
    `select concat('activity ', a.title, ' keeps a waiting list with a place free') from act_activity a
    where exists (select 1 from act_signup s where s.activity_id = a.id and s.status = '4')
      and (select count(*) from act_signup s where s.activity_id = a.id and s.status in ('1', '2')) < a.capacity`,
    `select concat('bill ', b.bill_no, ': its instalments do not sum to its payable') from bill_bill b join bill_instalment i on i.bill_id = b.id
    where b.student_id like '${prefix}%'
    group by b.id, b.bill_no, b.payable
    having sum(i.amount) <> b.payable or min(i.amount) < 0
        or bool_or(i.cumulative <> (select sum(j.amount) from bill_instalment j where j.bill_id = b.id and j.seq <= i.seq))`,
    `select concat('bill ', b.bill_no, ': its late fee lines are not its charged days') from bill_bill b
    where b.student_id like '${prefix}%'
      and coalesce((select sum(i.amount) from bill_bill_item i where i.bill_id = b.id and i.kind = 'lateFee'), 0)
          <> coalesce((select sum(f.amount) from bill_late_fee f where f.bill_id = b.id), 0)`,
  ];
  // concat(), not ||: a rule's row names its problem even where a value in the text is null.
  const found = await rows<{ problem: string }>(rules.map((rule, index) => `select ${index} as rule, problem from (${rule}) as r${index}(problem)`).join("\nunion all\n") + "\norder by rule");
  return found.map((row) => row.problem);
}

/**
 * A parent `${prefix}-p1` who owes one bill (`${prefix}-b1`, of student `${prefix}-s1`) of `amount`
 * for term 1 of `schoolYear`, with its receivable `${prefix}-r1`: the books' smallest true state, in
 * tenant 1. Numbers are the prefix in capitals (`PD01`, `PD-AR1`, `PD-B1`).
 */
export async function parentOwingOneBill(rows: RowsOf, prefix: string, names: { parent: string; student: string }, amount: string, schoolYear: string): Promise<void> {
  const code = prefix.toUpperCase();
  await rows(`insert into school_parent (id, tenant_id, name) values ('${prefix}-p1', 1, '${names.parent}')`);
  await rows(`insert into school_student (id, tenant_id, student_no, name_cn, status) values ('${prefix}-s1', 1, '${code}01', '${names.student}', '1')`);
  await rows(`insert into bill_receivable (id, tenant_id, receivable_no, payer_type, payer_id, payer_name, period, total_amount)
    values ('${prefix}-r1', 1, '${code}-AR1', '1', '${prefix}-p1', '${names.parent}', '${schoolYear}-1', ${amount})`);
  await rows(`insert into bill_bill (id, tenant_id, bill_no, student_id, school_year, term, total, payable, payer_type, payer_id, receivable_id)
    values ('${prefix}-b1', 1, '${code}-B1', '${prefix}-s1', '${schoolYear}', '1', ${amount}, ${amount}, '1', '${prefix}-p1', '${prefix}-r1')`);
}
