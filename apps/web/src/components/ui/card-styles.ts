/** The white, rounded cards the two studios are built from. */
export const studioCardStyle = 'rounded-card border border-line bg-card p-5 shadow-sm sm:p-6';
