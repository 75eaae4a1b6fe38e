package wsconn

import (
	"time"

	"golang.org/x/time/rate"
)

// Rate caps the messages a page sends: perSecond a second, all of them
// at once if the page likes. It is for the one goroutine that reads the
// page.
type Rate struct {
	lim *rate.Limiter
	now func() time.Time
}

// NewRate returns a cap of perSecond messages a second on the clock now.
func NewRate(perSecond int, now func() time.Time) *Rate {
	return &Rate{lim: rate.NewLimiter(rate.Limit(perSecond), perSecond), now: now}
}

// Allow reports whether one more message is allowed now, and counts it.
func (r *Rate) Allow() bool { return r.lim.AllowN(r.now(), 1) }

// Reopens returns how long until a message is allowed again.
func (r *Rate) Reopens() time.Duration {
	t := r.now()
	res := r.lim.ReserveN(t, 1)
	defer res.CancelAt(t)
	return res.DelayFrom(t)
}
