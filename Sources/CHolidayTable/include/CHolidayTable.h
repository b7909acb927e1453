// The built-in public holidays (holidays.txt, written by scripts/holidays-table.py).
#ifndef REMINDC_HOLIDAY_TABLE_H
#define REMINDC_HOLIDAY_TABLE_H

/// The table's text, UTF-8, and its length in bytes.
const char *remindc_holiday_table_text(void);
unsigned long remindc_holiday_table_size(void);

#endif
