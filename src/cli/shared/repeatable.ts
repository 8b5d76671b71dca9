// A flag given more than once (`-f a=1 -f b=2`, `--map A=name --map B=`) keeps every value, in order.

/** commander's argParser for a repeatable flag: each value appended to the ones before. */
export const collect = (value: string, previous: string[] = []) => [...previous, value];
