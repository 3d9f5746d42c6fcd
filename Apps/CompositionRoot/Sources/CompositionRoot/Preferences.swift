import Foundation
import SettingsFeature
import Storage
import Validation

/// The environment a factory builds in once the user's settings apply, read on first use and kept for the run.
struct Configured: Sendable {
    /// The factory's environment with the settings' time zone, first day of the week, locale and fallback font.
    let environment: LedgerFactory.Environment
    /// The settings; nil when they could not be read (the commands that need them say why).
    let settings: LedgerSettings?
}

/// Reads the settings once per factory.
actor Preferences {
    private var configured: Configured?

    func value(_ read: @Sendable () async -> Configured) async -> Configured {
        if let configured { return configured }
        let value = await read()
        configured = value
        return value
    }
}

extension LedgerFactory {
    /// The environment with the user's settings applied, read once per factory. Settings that cannot be read
    /// leave the environment as given.
    func configured() async -> Configured {
        await preferences.value { [self] in
            guard let documents = try? await store.open(),
                let settings = try? await DocumentSettingsStore(documents: documents, messages: .english).current()
            else { return Configured(environment: environment, settings: nil) }
            var configured = environment
            configured.calendar = settings.calendar(from: environment.calendar)
            if let locale = settings.locale { configured.locale = Locale(identifier: locale) }
            if let font = settings.invoiceFallbackFont { configured.invoiceFallbackFont = URL(fileURLWithPath: font) }
            return Configured(environment: configured, settings: settings)
        }
    }
}
