/// Starts `operation` in a new unstructured task. Where the runtime offers `Task.immediate` (Swift 6.2 runtimes:
/// Linux, and Apple systems from their 26 releases) the task runs on the calling thread until its first
/// suspension instead of being enqueued, so a decorator that needs a task of its own, to cancel it alone (a time
/// limit, a shared request), adds no thread hop before the request starts, and none at all when the request
/// completes without suspending. Elsewhere it is a plain `Task`.
///
/// The task inherits the caller's priority and task-local values, not its cancellation, exactly like `Task`.
/// Never call it with a lock held: the operation may run before this function returns.
func startTask<Success: Sendable>(_ operation: @escaping @Sendable () async -> Success) -> Task<Success, Never> {
    #if compiler(>=6.2)
    if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
        return Task.immediate(operation: operation)
    }
    #endif
    return Task(operation: operation)
}
