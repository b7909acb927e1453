@testable import Delivery
import Testing

/// What `remindc systemd --install` says it did, in words that agree with
/// the count.
@Suite struct SystemdInstallTests {
    @Test(arguments: [(0, "0 timers"), (1, "1 timer"), (2, "2 timers")])
    func theNoteCountsTimers(_ count: Int, _ words: String) {
        #expect(
            SystemdInstall.installedNote(count, name: "home", folder: "/run/user/1000/systemd/user")
                == "remindc: installed and started \(words) as 'home' in /run/user/1000/systemd/user\n")
    }
}
