// The app talks to features through their protocols and the packages' value types, so the composition root
// re-exports the features and the packages' API modules: `import CompositionRoot` is the only import the app
// needs. Backends and test kits (`StorageSQLite`, `*Testing`) are not re-exported: only this module constructs
// live backends.
@_exported public import ExpensesFeature
@_exported public import HomeFeature
@_exported public import InvoicesFeature
@_exported public import LinksFeature
@_exported public import Navigation
@_exported public import Networking
@_exported public import OnboardingFeature
@_exported public import Registration
@_exported public import Rendering
@_exported public import SectionsRegistry
@_exported public import SettingsFeature
@_exported public import Storage
@_exported public import Validation
