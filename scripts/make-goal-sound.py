#!/usr/bin/env python3
"""Writes examples/sounds/goal.wav: a 1.2-second two-note chime, 16-bit mono PCM
at 22,050 Hz, for the My Minutes example. Run from the repository root."""
import math
import struct
import wave

RATE = 22050
NOTES = [(880.0, 0.0, 0.6), (1318.5, 0.45, 0.75)]  # A5, then E6: (frequency, start s, length s)
LENGTH = 1.2

samples = []
for i in range(int(RATE * LENGTH)):
    t = i / RATE
    value = 0.0
    for frequency, start, length in NOTES:
        if start <= t < start + length:
            age = t - start
            envelope = min(1.0, age / 0.01) * math.exp(-4.0 * age)
            value += 0.4 * envelope * math.sin(2 * math.pi * frequency * age)
    samples.append(int(max(-1.0, min(1.0, value)) * 32767))

with wave.open("examples/sounds/goal.wav", "wb") as out:
    out.setnchannels(1)
    out.setsampwidth(2)
    out.setframerate(RATE)
    out.writeframes(struct.pack("<%dh" % len(samples), *samples))
