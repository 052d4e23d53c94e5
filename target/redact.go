package target

import "github.com/toolbench/toolbench/target/secrets"

// Redact returns raw with its secrets (userinfo, credential query
// parameters, a key in the path) replaced by "***": secrets.RedactURL,
// named here for the many messages that name a target's URL.
func Redact(raw string) string { return secrets.RedactURL(raw) }
