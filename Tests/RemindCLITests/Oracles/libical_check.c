/*
 * Reads remindc's iCalendar output with libical: the third independent judge
 * of IcsOracleTests.
 *
 *     libical_check FILE.ics
 *
 * Parses the file, prints every X-LIC-ERROR libical attached while parsing,
 * then runs libical's restriction check (RFC 5546 for the calendar's METHOD)
 * and prints what that adds. Also steps each component's RRULE with
 * libical's own iterator, to show libical accepts every rule. Exits with 0
 * when nothing was printed but "ok", 1 otherwise, 2 when the file is unreadable.
 */
#include <libical/ical.h>
#include <stdio.h>
#include <stdlib.h>

static int count_errors(icalcomponent *component, int print) {
    int errors = 0;
    for (icalproperty *property = icalcomponent_get_first_property(component, ICAL_XLICERROR_PROPERTY); property;
         property = icalcomponent_get_next_property(component, ICAL_XLICERROR_PROPERTY)) {
        if (print) printf("%s: %s\n", icalcomponent_kind_to_string(icalcomponent_isa(component)), icalproperty_get_xlicerror(property));
        errors++;
    }
    for (icalcomponent *child = icalcomponent_get_first_component(component, ICAL_ANY_COMPONENT); child;
         child = icalcomponent_get_next_component(component, ICAL_ANY_COMPONENT)) {
        errors += count_errors(child, print);
    }
    return errors;
}

static int step_rules(icalcomponent *calendar) {
    int failures = 0;
    for (icalcomponent *component = icalcomponent_get_first_component(calendar, ICAL_ANY_COMPONENT); component;
         component = icalcomponent_get_next_component(calendar, ICAL_ANY_COMPONENT)) {
        icalcomponent_kind kind = icalcomponent_isa(component);
        if (kind != ICAL_VEVENT_COMPONENT && kind != ICAL_VTODO_COMPONENT) continue;
        icalproperty *rule = icalcomponent_get_first_property(component, ICAL_RRULE_PROPERTY);
        if (!rule) continue;
        struct icalrecurrencetype recurrence = icalproperty_get_rrule(rule);
        icalrecur_iterator *iterator = icalrecur_iterator_new(recurrence, icalcomponent_get_dtstart(component));
        if (!iterator) {
            printf("%s: libical cannot iterate %s\n", icalcomponent_get_uid(component), icalproperty_as_ical_string(rule));
            failures++;
            continue;
        }
        for (int index = 0; index < 50; index++) {
            struct icaltimetype next = icalrecur_iterator_next(iterator);
            if (icaltime_is_null_time(next)) break;
        }
        icalrecur_iterator_free(iterator);
    }
    return failures;
}

int main(int argc, char **argv) {
    if (argc != 2) return 2;
    FILE *file = fopen(argv[1], "rb");
    if (!file) return 2;
    fseek(file, 0, SEEK_END);
    long length = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *text = malloc((size_t)length + 1);
    if (!text || fread(text, 1, (size_t)length, file) != (size_t)length) return 2;
    text[length] = 0;
    fclose(file);

    icalcomponent *calendar = icalparser_parse_string(text);
    if (!calendar) {
        puts("libical could not parse the file");
        return 1;
    }
    int parse_errors = count_errors(calendar, 1);
    icalrestriction_check(calendar);
    int all_errors = count_errors(calendar, 0);
    if (all_errors > parse_errors) {
        puts("restriction check:");
        count_errors(calendar, 1);
    }
    int rule_failures = step_rules(calendar);
    icalcomponent_free(calendar);
    free(text);
    if (all_errors || rule_failures) return 1;
    puts("ok");
    return 0;
}
