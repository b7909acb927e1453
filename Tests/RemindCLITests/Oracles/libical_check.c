/*
 * Reads remindc's iCalendar output with libical: the third independent judge
 * of IcsOracleTests.
 *
 *     libical_check [--no-step] FILE.ics
 *
 * Parses the file, prints every X-LIC-ERROR libical attached while parsing,
 * then runs libical's restriction check (RFC 5546 for the calendar's METHOD)
 * and prints what that adds. Also steps each component's RRULE with
 * libical's own iterator, to show libical accepts every rule (not with
 * --no-step: libical steps a SECONDLY rule one second at a time, and
 * takes minutes to find a BYMONTHDAY=-1 of one). Exits with 0
 * when nothing was printed but "ok", 1 otherwise, 2 when the file is unreadable.
 */
#include <libical/ical.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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

static const char *remindc_id(icalcomponent *component) {
    for (icalproperty *property = icalcomponent_get_first_property(component, ICAL_X_PROPERTY); property;
         property = icalcomponent_get_next_property(component, ICAL_X_PROPERTY)) {
        if (strcmp(icalproperty_get_x_name(property), "X-REMINDC-ID") == 0) return icalproperty_get_x(property);
    }
    return "?";
}

static void print_label(const char *id, struct icaltimetype start, time_t instant) {
    struct tm parts;
    gmtime_r(&instant, &parts);
    char text[32];
    if (start.is_date) {
        strftime(text, sizeof text, "date:%Y-%m-%d", &parts);
    } else if (start.zone == NULL && !icaltime_is_utc(start)) {
        strftime(text, sizeof text, "floating:%Y-%m-%dT%H:%M:%S", &parts);
    } else {
        strftime(text, sizeof text, "utc:%Y-%m-%dT%H:%M:%SZ", &parts);
    }
    printf("%s %s\n", id, text);
}

struct expansion {
    const char *id;
    struct icaltimetype start;
};

static void print_instance(icalcomponent *component, struct icaltime_span *span, void *data) {
    (void)component;
    struct expansion *expansion = data;
    print_label(expansion->id, expansion->start, span->start);
}

static int expand(icalcomponent *calendar, time_t from, time_t to) {
    struct icaltimetype begin = icaltime_from_timet_with_zone(from, 0, icaltimezone_get_utc_timezone());
    struct icaltimetype end = icaltime_from_timet_with_zone(to, 0, icaltimezone_get_utc_timezone());
    for (icalcomponent *component = icalcomponent_get_first_component(calendar, ICAL_ANY_COMPONENT); component;
         component = icalcomponent_get_next_component(calendar, ICAL_ANY_COMPONENT)) {
        icalcomponent_kind kind = icalcomponent_isa(component);
        if (kind != ICAL_VEVENT_COMPONENT && kind != ICAL_VTODO_COMPONENT) continue;
        struct expansion expansion = {remindc_id(component), icalcomponent_get_dtstart(component)};
        if (icaltime_is_null_time(expansion.start)) {
            struct icaltimetype due = icalcomponent_get_due(component);
            time_t instant = icaltime_as_timet_with_zone(due, due.zone ? due.zone : icaltimezone_get_utc_timezone());
            if (instant >= from && instant < to) print_label(expansion.id, due, instant);
            continue;
        }
        icalcomponent_foreach_recurrence(component, begin, end, print_instance, &expansion);
    }
    return 0;
}

static char *read_file(const char *path) {
    FILE *file = fopen(path, "rb");
    if (!file) return NULL;
    fseek(file, 0, SEEK_END);
    long length = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *text = malloc((size_t)length + 1);
    if (!text || fread(text, 1, (size_t)length, file) != (size_t)length) return NULL;
    text[length] = 0;
    fclose(file);
    return text;
}

int main(int argc, char **argv) {
    if (argc == 5 && strcmp(argv[1], "--expand") == 0) {
        char *text = read_file(argv[2]);
        if (!text) return 2;
        icalcomponent *calendar = icalparser_parse_string(text);
        if (!calendar) return 2;
        expand(calendar, (time_t)atoll(argv[3]), (time_t)atoll(argv[4]));
        icalcomponent_free(calendar);
        free(text);
        return 0;
    }
    int step = 1;
    if (argc == 3 && strcmp(argv[1], "--no-step") == 0) {
        step = 0;
        argv++;
        argc--;
    }
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
    int rule_failures = step ? step_rules(calendar) : 0;
    icalcomponent_free(calendar);
    free(text);
    if (all_errors || rule_failures) return 1;
    puts("ok");
    return 0;
}
