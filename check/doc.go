// Package check holds what every judgement of a server's tools shares:
// findings and their severities, the rules findings are made from and the
// registry that lists them, and the verdict on a tool result against its
// outputSchema (Output, Result).
//
// The judges live below it: check/lint applies the seed guides' design
// rules, check/provider converts tools for other model APIs and says what
// does not carry over, and check/suite runs both over a tool list and
// holds the one list of all rules. check imports neither.
package check
