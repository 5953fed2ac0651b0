// The spec's 'medium' and 'large' text maxima are not shown; ours are in the README's table of choices.
export const MEDIUM_TEXT_MAX = 256;
export const LARGE_TEXT_MAX = 4000;
