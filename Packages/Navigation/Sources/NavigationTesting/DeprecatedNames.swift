// The doubles' names before the repository settled on one convention (Stub, Spy, Fake, Scripted); they keep
// compiling for a release, with a fix-it to the new name.

/// The former name of ``SpyNavigator``.
@available(*, deprecated, renamed: "SpyNavigator")
public typealias RecordingNavigator = SpyNavigator

/// The former name of ``SpyScreenPresenter``.
@available(*, deprecated, renamed: "SpyScreenPresenter")
public typealias RecordingScreenPresenter<Destination: Hashable & Sendable> = SpyScreenPresenter<Destination>

/// The former name of ``SpyBadgeCleaner``.
@available(*, deprecated, renamed: "SpyBadgeCleaner")
public typealias RecordingBadgeCleaner = SpyBadgeCleaner

/// The former name of ``SpyURLOpener``.
@available(*, deprecated, renamed: "SpyURLOpener")
public typealias RecordingURLOpener = SpyURLOpener
