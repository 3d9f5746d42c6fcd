// The doubles' names before the repository settled on one convention (Stub, Spy, Fake, Scripted); they keep
// compiling for a release, with a fix-it to the new name.

/// The former name of ``FakeDocumentStore``.
@available(*, deprecated, renamed: "FakeDocumentStore")
public typealias InMemoryDocumentStore = FakeDocumentStore

/// The former name of ``FakeExpenseStore``.
@available(*, deprecated, renamed: "FakeExpenseStore")
public typealias InMemoryExpenseStore = FakeExpenseStore

/// The former name of ``SpyDocumentStore``.
@available(*, deprecated, renamed: "SpyDocumentStore")
public typealias DocumentStoreSpy = SpyDocumentStore

/// The former name of ``SpyExpenseStore``.
@available(*, deprecated, renamed: "SpyExpenseStore")
public typealias ExpenseStoreSpy = SpyExpenseStore

/// The former name of ``SpyReportReader``.
@available(*, deprecated, renamed: "SpyReportReader")
public typealias ReportReaderSpy = SpyReportReader
