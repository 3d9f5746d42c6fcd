@testable import OnboardingFeature

// The Networking package still exports an older copy of the users and sign-in resources; these names pick this
// feature's.
typealias TokenGrant = OnboardingFeature.TokenGrant
