public import CommandKit
import LinksFeature

extension LedgerFactory {
    /// `open` and `link`, routing over the screens every feature's commands register.
    public func linkCommands() -> any CommandGroup {
        clearingHomeBadges(after: LinkCommands())
    }

    /// Whether `ledger open` would follow a link, over `screens`: what a screen checks before it shows a link that
    /// came from outside.
    public func linkCheck(screens: [LinkScreen]) -> any LinkChecking {
        LedgerLinkCheck(screens: screens)
    }
}
