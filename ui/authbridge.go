package ui

import (
	"github.com/toolbench/toolbench/auth/grant"
	"github.com/toolbench/toolbench/auth/step"
)

// AuthBridge carries an OAuth flow's steps into the workbench's auth
// screen, and the person back to the flow: the authorization URL opened
// or shown, a redirect URL or code pasted. The command that starts the
// workbench makes one and gives its Observe and Agent to auth.Options and
// itself to Options.Auth.
type AuthBridge struct {
	browser string
}

// NewAuthBridge returns a bridge whose agent opens the authorization URL
// as browser says: "open" (the system browser, else shown), "none"
// (shown; the person pastes the redirect) or "fetch" (followed by
// toolbench itself).
func NewAuthBridge(browser string) *AuthBridge { return &AuthBridge{browser: browser} }

// Observe is the flow's step.Observer; it must not block.
func (b *AuthBridge) Observe(e step.Event) {}

// Agent is the flow's grant.Agent.
func (b *AuthBridge) Agent() grant.Agent { return grant.FetchAgent{} }
