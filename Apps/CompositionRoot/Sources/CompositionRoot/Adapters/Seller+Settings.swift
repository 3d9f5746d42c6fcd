import InvoicesFeature
import SettingsFeature

extension Seller {
    /// The company of the settings as the invoice prints it.
    init(settings: LedgerSettings) {
        let seller = settings.seller
        self.init(name: seller.name, address: seller.addressLines, taxID: seller.taxID, iban: seller.iban)
    }
}
