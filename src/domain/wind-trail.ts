// Wind trails' shared constant (spec 3 §9 'Wind trail length 40'): the samples a trail steps back through, one-minute
// means read by the server's wind trail call and walked by the map's trail builder (src/entities/site/wind-trail.ts).
export const WIND_TRAIL_LENGTH = 40;
