<?php
// Reads one .ics with sabre/vobject 2.1 (Debian's php-sabre-vobject, the
// version before the 4.x that Nextcloud and Baïkal run) and prints, as JSON,
// each event instance its VCalendar::expand gives over the windows:
//
//     php vobject21_expand.php FILE.ics BEGIN END [BEGIN END ...]
//
// BEGIN and END are Unix seconds. Each instance is [UID, start], the start
// as YYYYMMDD for a date and YYYYMMDDTHHMMSS otherwise: in UTC for a time
// with a zone, as written for a floating one (PHP's zone is UTC here).
require_once 'Sabre/VObject/includes.php';

date_default_timezone_set('UTC');
$text = file_get_contents($argv[1]);
$found = [];
for ($index = 2; $index + 1 < count($argv); $index += 2) {
    // expand() changes the calendar: each window reads the file afresh.
    $calendar = Sabre\VObject\Reader::read($text);
    $begin = new DateTime('@' . $argv[$index]);
    $end = new DateTime('@' . $argv[$index + 1]);
    $calendar->expand($begin, $end);
    foreach ($calendar->select('VEVENT') as $event) {
        $start = $event->DTSTART;
        $moment = $start->getDateTime();
        $isDate = $start->getDateType() == Sabre\VObject\Property\DateTime::DATE;
        $found[] = [(string)$event->UID, $moment->format($isDate ? 'Ymd' : 'Ymd\THis')];
    }
}
echo json_encode($found), "\n";
