package screen

import (
	"encoding/json"

	"github.com/toolbench/toolbench/ui/render"
)

// Answer is the person's answer to the server's question on screen: the
// root sends it to the server, closes the question's screen and shows
// the next question, if any.
type Answer struct {
	// Result is the answer sent to the server; Err, when not nil, refuses
	// the question with it instead.
	Result json.RawMessage
	Err    error
	// Status is what the status line says about the answer; empty says
	// nothing.
	Status string
	// Wait, when not nil, is a wait for the server that the answer starts
	// (an accepted URL elicitation): the root shows it until the server
	// completes it or the call ends.
	Wait *URLWait
}

// URLWait is an accepted URL elicitation the workbench waits on.
type URLWait struct {
	// ID is the elicitationId the server completes; empty when it gave
	// none.
	ID string
	// URL and Message are the server's, shown while waiting.
	URL, Message string
	// Head says who asked and during what.
	Head render.AskHead
}

// CancelCall cancels the call the server asks during, withdrawing every
// question it brought; with no call running it refuses the question on
// screen.
type CancelCall struct{}

func (Answer) action()     {}
func (CancelCall) action() {}
