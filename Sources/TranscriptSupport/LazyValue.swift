import Synchronization

/// A value made the first time it is asked for, then kept: the first thread to ask makes it, and any other that
/// asks meanwhile waits for it.
package final class LazyValue<Value: Sendable>: Sendable {
    private enum State {
        case toMake(@Sendable () -> Value)
        case made(Value)
    }

    private let state: Mutex<State>

    /// A value that `make` makes when it is first asked for (once; `make` is let go then).
    package init(_ make: @escaping @Sendable () -> Value) {
        state = Mutex(.toMake(make))
    }

    /// The value, made now if it was not yet.
    package var value: Value {
        state.withLock { state in
            switch state {
            case .made(let value):
                return value
            case .toMake(let make):
                let value = make()
                state = .made(value)
                return value
            }
        }
    }
}
