import Support
import Foundation
import Recurrence
import ReminderModel
import YAMLSyntax

/// Every rule of the checker, in catalogue order: one list.
package enum Rules {
    package static let all: [any CheckRule.Type] = [
        SameTimeRule.self, TooCloseRule.self, QuietHoursRule.self, TooManyPerHourRule.self,
        DaylightSavingGapRule.self, DaylightSavingRepeatRule.self, NeverFiresRule.self, InThePastRule.self,
        UntilBeforeStartRule.self, ExceptMatchesNothingRule.self, DuplicateReminderRule.self,
        SnoozeCollidesRule.self, EndlessRepeatRule.self, LeapDayRule.self,
        TooManyActionsRule.self, UnusedCategoryRule.self, RedundantAuthenticationRule.self, StopWithoutRepeatRule.self,
        UIDDomainMissingRule.self,
        SoundMissingRule.self, SoundTooLongRule.self, SoundFormatRule.self,
        ClientSupportRule.self, YAML11TrapRule.self, LandsOnHolidayRule.self, MovedOntoOccurrenceRule.self, HolidayDataEndsRule.self,
    ]

    /// Every id the catalogue knows: the checker's rules and the schema's.
    package static var descriptors: [RuleDescriptor] {
        all.map { $0.descriptor } + RuleDescriptor.schema.filter { schema in !all.contains { $0.descriptor.id == schema.id } }
    }
}
