package mt19937

// MT19937 is the 32-bit Mersenne Twister of Matsumoto and Nishimura, the
// generator of C++'s std::mt19937, which the primer's sample code uses to
// lay out its boards. Its zero value is not ready: use New.
type MT19937 struct {
	state [mtN]uint32
	next  int // the index of the next word to temper; mtN when a twist is due
}

// Parameters of MT19937.
const (
	mtN      = 624
	mtM      = 397
	mtMatrix = 0x9908b0df
	mtUpper  = 0x80000000 // the most significant bit of a word
	mtLower  = 0x7fffffff // the other 31 bits
)

// New returns the generator seeded as init_genrand(seed) does, the
// seeding of std::mt19937(seed).
func New(seed uint32) *MT19937 {
	m := &MT19937{next: mtN}
	m.state[0] = seed
	for i := 1; i < mtN; i++ {
		prev := m.state[i-1]
		m.state[i] = 1812433253*(prev^(prev>>30)) + uint32(i)
	}
	return m
}

// Uint32 returns the next tempered output.
func (m *MT19937) Uint32() uint32 {
	if m.next >= mtN {
		m.twist()
	}
	y := m.state[m.next]
	m.next++
	y ^= y >> 11
	y ^= y << 7 & 0x9d2c5680
	y ^= y << 15 & 0xefc60000
	y ^= y >> 18
	return y
}

// twist renews all mtN words of the state.
func (m *MT19937) twist() {
	for i := range mtN {
		y := m.state[i]&mtUpper | m.state[(i+1)%mtN]&mtLower
		v := m.state[(i+mtM)%mtN] ^ y>>1
		if y&1 != 0 {
			v ^= mtMatrix
		}
		m.state[i] = v
	}
	m.next = 0
}
