<?php
// A SabreDAV CalDAV server for the publish tests, the engine of Nextcloud
// and Baïkal, run by PHP's built-in web server as its router script:
//
//     REMINDC_SABRE_FOLDER=DIR REMINDC_SABRE_LOGIN=basic|digest \
//     REMINDC_SABRE_USER=alice REMINDC_SABRE_PASSWORD=secret \
//         php -S 127.0.0.1:PORT sabredav_server.php
//
// Debian's php-sabre-dav (SabreDAV 1.8) with its PDO backends on an SQLite
// database in DIR, made on the first request: one user, whose principal is
// /dav.php/principals/USER/ and calendar home /dav.php/calendars/USER/, as
// Baïkal lays them out. Logins are Basic (checked here) or Digest (the PDO
// backend's, realm SabreDAV), as a Baïkal administrator chooses.
// /.well-known/caldav answers 301 to /dav.php/, as Baïkal's and Nextcloud's
// web server configurations do (RFC 6764).
//
// REMINDC_SABRE_AUTOLOAD=FILE runs SabreDAV 4 instead (the release inside
// Nextcloud and Baïkal, with its Sync plugin), from a copy of its source
// whose class loader FILE is; the tests run Debian's 1.8, which is all a
// fresh machine has.

$folder = getenv('REMINDC_SABRE_FOLDER');
$user = getenv('REMINDC_SABRE_USER');
$password = getenv('REMINDC_SABRE_PASSWORD');
$login = getenv('REMINDC_SABRE_LOGIN') ?: 'basic';
$realm = 'SabreDAV';

$path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);
if (rtrim($path, '/') === '/.well-known/caldav') {
    header('Location: /dav.php/', true, 301);
    exit;
}
if (strpos($path, '/dav.php/') !== 0 && $path !== '/dav.php') {
    http_response_code(404);
    exit;
}

$autoload = getenv('REMINDC_SABRE_AUTOLOAD');
$four = (bool)$autoload;
require_once $four ? $autoload : 'Sabre/autoload.php';

// Every PHP warning is an error: a request the server cannot handle must
// fail, never answer half.
set_error_handler(function ($number, $text, $file, $line) {
    if (error_reporting() & $number) {
        throw new \ErrorException($text, 0, $number, $file, $line);
    }
    return false;
}, E_ALL & ~E_DEPRECATED & ~E_USER_DEPRECATED);

$database = new \PDO('sqlite:' . $folder . '/sabredav.sqlite');
$database->setAttribute(\PDO::ATTR_ERRMODE, \PDO::ERRMODE_EXCEPTION);
$database->exec('PRAGMA busy_timeout = 10000');
$tables = $database->query("SELECT count(*) FROM sqlite_master WHERE name = 'calendars'")->fetchColumn();
if (!$tables) {
    $database->exec('BEGIN');
    $database->exec('CREATE TABLE principals (id INTEGER PRIMARY KEY, uri TEXT UNIQUE, email TEXT, displayname TEXT, vcardurl TEXT)');
    $database->exec('CREATE TABLE groupmembers (id INTEGER PRIMARY KEY, principal_id INTEGER, member_id INTEGER, UNIQUE(principal_id, member_id))');
    $database->exec('CREATE TABLE users (id INTEGER PRIMARY KEY, username TEXT UNIQUE, digesta1 TEXT)');
    if ($four) {
        // SabreDAV 4 keeps a calendar's data apart from each principal's
        // instance of it, and counts its changes for sync tokens.
        $database->exec('CREATE TABLE calendars (id INTEGER PRIMARY KEY, synctoken INTEGER NOT NULL DEFAULT 1, components TEXT NOT NULL)');
        $database->exec('CREATE TABLE calendarinstances (id INTEGER PRIMARY KEY, calendarid INTEGER NOT NULL, principaluri TEXT, '
            . 'access INTEGER NOT NULL DEFAULT 1, displayname TEXT, uri TEXT NOT NULL, description TEXT, calendarorder INTEGER, '
            . 'calendarcolor TEXT, timezone TEXT, transparent BOOL, share_href TEXT, share_displayname TEXT, '
            . 'share_invitestatus INTEGER DEFAULT 2, UNIQUE(principaluri, uri))');
        $database->exec('CREATE TABLE calendarobjects (id INTEGER PRIMARY KEY, calendardata BLOB NOT NULL, uri TEXT NOT NULL, '
            . 'calendarid INTEGER NOT NULL, lastmodified INTEGER NOT NULL, etag TEXT NOT NULL, size INTEGER NOT NULL, '
            . 'componenttype TEXT, firstoccurence INTEGER, lastoccurence INTEGER, uid TEXT, UNIQUE(calendarid, uri))');
        $database->exec('CREATE TABLE calendarchanges (id INTEGER PRIMARY KEY, uri TEXT, synctoken INTEGER NOT NULL, '
            . 'calendarid INTEGER NOT NULL, operation INTEGER NOT NULL)');
        $database->exec('CREATE TABLE calendarsubscriptions (id INTEGER PRIMARY KEY, uri TEXT NOT NULL, principaluri TEXT NOT NULL, '
            . 'source TEXT NOT NULL, displayname TEXT, refreshrate TEXT, calendarorder INTEGER, calendarcolor TEXT, striptodos BOOL, '
            . 'stripalarms BOOL, stripattachments BOOL, lastmodified INTEGER, UNIQUE(principaluri, uri))');
        $database->exec('CREATE TABLE schedulingobjects (id INTEGER PRIMARY KEY, principaluri TEXT NOT NULL, calendardata BLOB, '
            . 'uri TEXT NOT NULL, lastmodified INTEGER, etag TEXT NOT NULL, size INTEGER NOT NULL, UNIQUE(principaluri, uri))');
    } else {
        // The columns SabreDAV 1.8's PDO backends read and write.
        $database->exec('CREATE TABLE calendars (id INTEGER PRIMARY KEY, principaluri TEXT, displayname TEXT, uri TEXT, ctag INTEGER, '
            . 'description TEXT, calendarorder INTEGER, calendarcolor TEXT, timezone TEXT, components TEXT, transparent BOOL)');
        $database->exec('CREATE TABLE calendarobjects (id INTEGER PRIMARY KEY, calendardata BLOB, uri TEXT, calendarid INTEGER, '
            . 'lastmodified INTEGER, etag TEXT, size INTEGER, componenttype TEXT, firstoccurence INTEGER, lastoccurence INTEGER)');
    }
    $add = $database->prepare('INSERT INTO principals (uri, email, displayname) VALUES (?, ?, ?)');
    $add->execute(array('principals/' . $user, $user . '@example.org', $user));
    $add->execute(array('principals/' . $user . '/calendar-proxy-read', null, null));
    $add->execute(array('principals/' . $user . '/calendar-proxy-write', null, null));
    $database->prepare('INSERT INTO users (username, digesta1) VALUES (?, ?)')
        ->execute(array($user, md5($user . ':' . $realm . ':' . $password)));
    $database->exec('COMMIT');
}

/// Basic logins against the one user.
class OneUserBasic extends \Sabre\DAV\Auth\Backend\AbstractBasic {
    private $user;
    private $password;

    function __construct($user, $password) {
        $this->user = $user;
        $this->password = $password;
    }

    protected function validateUserPass($username, $password) {
        return hash_equals($this->user, $username) && hash_equals($this->password, $password);
    }
}

$principals = new \Sabre\DAVACL\PrincipalBackend\PDO($database);
$calendars = new \Sabre\CalDAV\Backend\PDO($database);
$server = new \Sabre\DAV\Server(array(
    new \Sabre\CalDAV\Principal\Collection($principals),
    $four ? new \Sabre\CalDAV\CalendarRoot($principals, $calendars) : new \Sabre\CalDAV\CalendarRootNode($principals, $calendars),
));
$server->setBaseUri('/dav.php/');
$authentication = $login === 'digest' ? new \Sabre\DAV\Auth\Backend\PDO($database) : new OneUserBasic($user, $password);
if ($four) {
    $authentication->setRealm($realm);
    $server->addPlugin(new \Sabre\DAV\Auth\Plugin($authentication));
    $server->addPlugin(new \Sabre\DAVACL\Plugin());
    $server->addPlugin(new \Sabre\CalDAV\Plugin());
    $server->addPlugin(new \Sabre\DAV\Sync\Plugin());
    $server->start();
} else {
    $server->addPlugin(new \Sabre\DAV\Auth\Plugin($authentication, $realm));
    $server->addPlugin(new \Sabre\DAVACL\Plugin());
    $server->addPlugin(new \Sabre\CalDAV\Plugin());
    $server->exec();
}
