package secrets

import "testing"

// TestNames is the one table of what names a credential: headers, query
// parameters, fields, environment variables and flags alike.
func TestNames(t *testing.T) {
	t.Parallel()
	for name, want := range map[string]bool{
		// Credentials.
		"Authorization": true, "Proxy-Authorization": true, "Cookie": true, "Set-Cookie": true,
		"X-API-Key": true, "x-api-key": true, "apiKey": true, "api_key": true, "APIKEY": true,
		"X-Auth-Token": true, "access_token": true, "refresh_token": true, "client_secret": true,
		"client_assertion": true, "X-Credential": true, "X-Pass": true, "X-JWT": true, "jwt": true,
		"pwd": true, "GITHUB_PAT": true, "pat": true, "passwd": true, "password": true, "X-Amz-Credential": true, "X-Amz-Signature": true,
		"X-Amz-Security-Token": true, "Bearer": true, "bearer": true, "X-Session-Id": true, "sessionId": true,
		"GITHUB_PERSONAL_ACCESS_TOKEN": true, "OPENAI_API_KEY": true, "AWS_SECRET_ACCESS_KEY": true,
		"sig": true, "Signature": true,
		// DPoP proofs and request signatures authenticate a request:
		// both hidden (names.go says why).
		"DPoP": true, "X-Signature": true,
		// Not credentials, though a word of the list is inside them.
		"Accept": false, "User-Agent": false, "MCP-Protocol-Version": false, "author": false,
		"monkey": false, "passthrough": false, "DEBUG": false, "MEMORY_FILE": false, "page": false,
		"Idempotency-Key": false, "design": false, "token_type": false, "code": false, "state": false,
	} {
		if got := IsName(name); got != want {
			t.Errorf("IsName(%q) = %v, want %v", name, got, want)
		}
	}
	for name, want := range map[string]bool{"code": true, "code_verifier": true, "state": false, "api_key": true} {
		if got := Field(name); got != want {
			t.Errorf("Field(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestVarName(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"X-API-Key": "X_API_KEY", "api_key": "API_KEY", "1x": "P_1X"} {
		if got := VarName(in); got != want {
			t.Errorf("VarName(%q) = %q, want %q", in, got, want)
		}
	}
}
