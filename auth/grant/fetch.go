package grant

import (
	"context"
	"net/http"
)

// FetchAgent follows the authorization URL itself, redirects and all,
// until the authorization server sends it to the loopback redirect: for
// test authorization servers that approve without a person
// (`--browser fetch`). Nobody can paste.
type FetchAgent struct {
	// HTTP makes the requests; nil means http.DefaultClient's transport.
	HTTP *http.Client
}

// Visit implements Agent.
func (a FetchAgent) Visit(ctx context.Context, authURL string) error {
	return errUnbuiltFetch
}

// Pasted implements Agent: nothing is ever pasted.
func (a FetchAgent) Pasted() <-chan string { return nil }
