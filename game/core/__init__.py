"""The game-agnostic kernel. Nothing in here may import pygame."""
