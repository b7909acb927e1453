import Foundation

/// How a large structure is let go once it has served: freeing the model
/// of 100,000 reminders, or the checker's schedules for them, takes tens of
/// milliseconds.
enum Disposal: Sendable {
    /// Freed on another thread while this one goes on: between the files
    /// of a folder.
    case inBackground
    /// Never freed: the process ends once this one is done with it, and
    /// the kernel takes the memory back at once. (Freed on another thread,
    /// it competed with the report for the CPU.)
    case leftToExit

    func dispose<Value>(_ value: Value) {
        switch self {
        case .inBackground:
            let box = Box(value)
            DispatchQueue.global(qos: .utility).async { withExtendedLifetime(box) {} }
        case .leftToExit:
            _ = Unmanaged.passRetained(Box(value))
        }
    }

    /// Holds a value of any type as one object.
    private final class Box<Held>: @unchecked Sendable {
        let value: Held
        init(_ value: Held) { self.value = value }
    }
}
