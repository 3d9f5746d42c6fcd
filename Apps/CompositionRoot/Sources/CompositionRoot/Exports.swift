// The app talks to features through the packages' protocols and value types, so the composition root re-exports
// the packages' API modules: `import CompositionRoot` is the only import the app needs. Backends and test kits
// (`StorageSQLite`, `*Testing`) are not re-exported: only this module constructs them.
@_exported public import Navigation
@_exported public import Networking
@_exported public import Registration
@_exported public import Rendering
@_exported public import SectionsRegistry
@_exported public import Storage
@_exported public import Validation
