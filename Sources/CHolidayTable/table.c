// The built-in public holidays: holidays.txt beside this file, one region
// per line, written by scripts/holidays-table.py from python-holidays.
// The compiler builds the file in as it is; the binary needs no data.

#include "CHolidayTable.h"

#pragma clang diagnostic ignored "-Wc23-extensions"

static const char table[] = {
#embed "holidays.txt"
    , 0
};

const char *remindc_holiday_table_text(void) { return table; }

unsigned long remindc_holiday_table_size(void) { return sizeof(table) - 1; }
