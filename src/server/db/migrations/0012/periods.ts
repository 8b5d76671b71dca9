// Pieces of SQL the report functions share: the interval a day falls in, and every interval of a
// period (a series shows its empty days, weeks and months too). One definition, pasted into each body.

/** The label of the interval `day` falls in: the day, the Monday its week starts on, or YYYY-MM. */
export const intervalLabel = (day: string, unit: string) => `
  case ${unit} when 'day' then to_char(${day}, 'YYYY-MM-DD')
    when 'week' then to_char(date_trunc('week', ${day}), 'YYYY-MM-DD')
    else to_char(${day}, 'YYYY-MM') end`;

/** Every interval of `unit` meeting day_from..day_to, as rows of `label`; none when `unit` is no interval. */
export const intervalsOfPeriod = (unit: string) => `
  select ${intervalLabel('at', unit)} as label
  from generate_series(date_trunc(case ${unit} when 'week' then 'week' when 'month' then 'month' else 'day' end, day_from::timestamp), day_to::timestamp,
    case ${unit} when 'week' then interval '1 week' when 'month' then interval '1 month' else interval '1 day' end) as at
  where ${unit} in ('day', 'week', 'month')`;

/** Refuses a period that ends before it starts, or an unknown grouping. */
export const checkPeriod = (groupings: readonly string[]) => `
  if day_to < day_from then
    raise exception 'the period ends (%) before it starts (%)', day_to, day_from using errcode = '22023';
  end if;
  if group_by is null or group_by not in (${groupings.map((name) => `'${name}'`).join(', ')}) then
    raise exception 'group_by must be one of ${groupings.join(', ')}; got %', group_by using errcode = '22023';
  end if;`;
