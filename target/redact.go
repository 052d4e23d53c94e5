package target

import (
	"net/url"
	"strings"
)

// Redacted stands in for a secret in text toolbench writes.
const Redacted = "***"

// secretWords are the parts of a query parameter's name that mark its value
// as a credential (api_key, access_token, X-Amz-Signature, sessionId,
// code). Matching on a part errs on the side of hiding: a redacted value
// that was harmless costs nothing, a printed token can be replayed.
var secretWords = []string{"token", "key", "secret", "password", "passwd", "auth", "sig", "code", "session"}

// SecretParam reports whether a query parameter named name carries a
// credential.
func SecretParam(name string) bool {
	n := strings.ToLower(name)
	for _, w := range secretWords {
		if strings.Contains(n, w) {
			return true
		}
	}
	return false
}

// Redact returns raw with its userinfo and the values of credential-like
// query parameters replaced by Redacted, keeping everything else as typed.
// Text that is not a URL with secrets is returned unchanged.
func Redact(raw string) string {
	return rewrite(raw, func(string) string { return Redacted })
}

// Placeholders returns raw with each secret replaced by a reference to a
// shell variable ($API_KEY for ?api_key=, $MCP_USER and $MCP_PASSWORD for
// userinfo), and the names of those variables in order, so a copied
// command line carries no secret and says what the person must fill in. It
// returns raw and no names when raw holds no secret.
func Placeholders(raw string) (string, []string) {
	var names []string
	out := rewrite(raw, func(name string) string {
		names = append(names, name)
		return "${" + name + "}"
	})
	return out, names
}

// rewrite replaces each secret of the URL raw with what replace returns for
// the secret's variable name. The URL is edited as text, not re-encoded, so
// what is not secret stays byte for byte as the person typed it.
func rewrite(raw string, replace func(varName string) string) string {
	scheme, rest, ok := strings.Cut(raw, "://")
	if !ok {
		return raw
	}
	rest, fragment, hasFragment := strings.Cut(rest, "#")
	authority, pathQuery := rest, ""
	if i := strings.IndexAny(rest, "/?"); i >= 0 {
		authority, pathQuery = rest[:i], rest[i:]
	}
	if at := strings.LastIndex(authority, "@"); at >= 0 {
		user := replace("MCP_USER")
		if strings.Contains(authority[:at], ":") {
			user += ":" + replace("MCP_PASSWORD")
		}
		authority = user + authority[at:]
	}
	path, query, hasQuery := strings.Cut(pathQuery, "?")
	if hasQuery {
		query = rewriteQuery(query, replace)
	}
	out := scheme + "://" + authority + path
	if hasQuery {
		out += "?" + query
	}
	if hasFragment {
		out += "#" + fragment
	}
	return out
}

func rewriteQuery(query string, replace func(string) string) string {
	params := strings.Split(query, "&")
	for i, p := range params {
		name, value, hasValue := strings.Cut(p, "=")
		decoded, err := url.QueryUnescape(name)
		if err != nil {
			decoded = name
		}
		if hasValue && value != "" && SecretParam(decoded) {
			params[i] = name + "=" + replace(varName(decoded))
		}
	}
	return strings.Join(params, "&")
}

// varName turns a parameter name into a shell variable name: api-key and
// api_key both become API_KEY.
func varName(param string) string {
	b := []byte(strings.ToUpper(param))
	for i, c := range b {
		if !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			b[i] = '_'
		}
	}
	if len(b) == 0 || b[0] >= '0' && b[0] <= '9' {
		b = append([]byte("P_"), b...)
	}
	return string(b)
}
