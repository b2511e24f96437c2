package zero

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
)

// Session is multi-turn work: every Run is a turn of the same Zero session. The first turn
// creates it under ID (`--init-session-id`, so the id is known before anything runs), later
// turns pass `--resume ID`, and the first turn of a Fork passes `--fork PARENT
// --init-session-id ID`. Not safe for concurrent use.
type Session struct {
	client  *Client
	id      string
	created bool
	forkOf  string
	// Turns counts the turns this handle started.
	Turns int
}

// Session returns a multi-turn handle; id "" creates a new session on the first turn, else
// the handle continues the existing session id.
func (c *Client) Session(id string) *Session {
	if id == "" {
		return &Session{client: c, id: newSessionID()}
	}
	return &Session{client: c, id: id, created: true}
}

// ID is the Zero session id (every turn's run_start.sessionId).
func (s *Session) ID() string { return s.id }

func newSessionID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return "sdk_" + hex.EncodeToString(b[:])
}

// turnClient is the client of the next turn: the session's, with the turn's session flags.
func (s *Session) turnClient() *Client {
	turn := *s.client
	turn.ResumeLatest = false
	if s.created {
		turn.Resume, turn.Fork, turn.InitSessionID = s.id, "", ""
	} else {
		turn.Resume, turn.Fork, turn.InitSessionID = "", s.forkOf, s.id
	}
	s.created = true // from now on the session exists (or its creation failed loudly)
	s.Turns++
	return &turn
}

// Run runs one turn to its end (as Client.Run).
func (s *Session) Run(ctx context.Context, inputs ...Input) (*RunResult, error) {
	return s.turnClient().Run(ctx, inputs...)
}

// Start begins one turn and returns its Stream (as Client.Start).
func (s *Session) Start(ctx context.Context, inputs ...Input) (*Stream, error) {
	return s.turnClient().Start(ctx, inputs...)
}

// Fork returns a new session whose first turn starts from this one's conversation.
func (s *Session) Fork() (*Session, error) {
	if !s.created {
		return nil, errors.New("zero: Fork needs a session with a turn: Run it first")
	}
	return &Session{client: s.client, id: newSessionID(), forkOf: s.id}, nil
}
